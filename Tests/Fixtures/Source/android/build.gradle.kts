plugins {
    id("com.android.application")
    kotlin("android")
}

android {
    namespace = "com.harbor.bank"
    compileSdk = 35

    defaultConfig {
        applicationId = "com.harbor.bank"
        minSdk = 26
        targetSdk = 35
        versionCode = 42
        versionName = "4.2.0"
    }

    buildFeatures {
        compose = true
    }
}

dependencies {
    implementation(libs.androidx.activity.compose)
    implementation(libs.androidx.fragment.ktx)
}
