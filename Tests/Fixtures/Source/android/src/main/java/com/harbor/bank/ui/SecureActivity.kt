package com.harbor.bank.ui

import android.app.Activity
import android.os.Bundle
import android.view.WindowManager
import androidx.appcompat.app.AppCompatActivity

/**
 * Every screen that shows account data extends this: the window is secure before the first
 * frame, and screenshots are reported to the analytics pipeline.
 */
abstract class SecureActivity : AppCompatActivity() {
    private val screenshotCallback = Activity.ScreenCaptureCallback { Analytics.screenshot(javaClass.simpleName) }

    override fun onCreate(savedInstanceState: Bundle?) {
        window.setFlags(WindowManager.LayoutParams.FLAG_SECURE, WindowManager.LayoutParams.FLAG_SECURE)
        super.onCreate(savedInstanceState)
    }

    override fun onStart() {
        super.onStart()
        registerScreenCaptureCallback(mainExecutor, screenshotCallback)
    }

    override fun onStop() {
        unregisterScreenCaptureCallback(screenshotCallback)
        super.onStop()
    }
}
