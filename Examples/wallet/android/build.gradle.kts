plugins {
    id("com.android.application")
    kotlin("android")
}

android {
    namespace = "com.example.wallet"
    compileSdk = 35

    defaultConfig {
        applicationId = "com.example.wallet"
        minSdk = 28
        targetSdk = 35
    }
}
