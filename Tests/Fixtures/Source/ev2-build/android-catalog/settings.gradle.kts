rootProject.name = "Vault"
include(":app")
