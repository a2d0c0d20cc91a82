android {
    namespace = "com.harbor.legacy"
    defaultConfig {
        minSdk = 21
        targetSdk = 30
    }
}
