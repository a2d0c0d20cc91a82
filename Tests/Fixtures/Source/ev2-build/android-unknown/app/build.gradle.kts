android {
    namespace = "com.example.notes"
    defaultConfig {
        minSdk = providers.gradleProperty("notes.minSdk").get().toInt()
        targetSdk = libs.versions.targetSdk.get().toInt()
    }
}
