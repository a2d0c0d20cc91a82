plugins {
    id("com.android.application")
}

android {
    namespace = "com.example.vault"
    compileSdk = rootProject.extra["compileSdkLevel"] as Int
    defaultConfig {
        minSdk = libs.versions.minSdk.get().toInt()
        targetSdk = libs.versions.target.sdk.get().toInt()
    }
}
