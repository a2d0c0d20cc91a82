@file:Suppress("unused")

package com.example.onboarding

import android.os.Bundle
import androidx.appcompat.app.AppCompatActivity

// The onboarding module's own entry point: it shows nothing secret and sets no flag.
class MainActivity : AppCompatActivity() {
    override fun onCreate(savedInstanceState: Bundle?) {
        super.onCreate(savedInstanceState)
        setContentView(R.layout.welcome)
    }
}
