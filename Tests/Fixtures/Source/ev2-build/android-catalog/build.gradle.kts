plugins {
    id("com.android.application") version "8.7.0" apply false
}

val compileSdkLevel by extra(35)
extra["minSdk"] = 21
