android {
    namespace = "com.harbor.wallet"
    defaultConfig {
        minSdk = 28
        targetSdk = 35
    }
}
