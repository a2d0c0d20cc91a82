android {
    namespace = "com.harbor.cards"
    defaultConfig {
        minSdk = 26
        targetSdk = 35
    }
}
