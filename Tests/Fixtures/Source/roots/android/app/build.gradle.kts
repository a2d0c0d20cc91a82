android {
    namespace = "com.harbor.vault"
    defaultConfig {
        minSdk = 26
        targetSdk = 35
    }
}
