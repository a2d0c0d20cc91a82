package com.example.wallet.send

import android.os.Build
import android.os.Bundle
import android.view.View
import com.example.wallet.R
import com.example.wallet.ui.SecureActivity

class SendActivity : SecureActivity() {
    override fun onCreate(savedInstanceState: Bundle?) {
        super.onCreate(savedInstanceState)
        setContentView(R.layout.activity_send)
        if (Build.VERSION.SDK_INT >= 31) {
            window.setHideOverlayWindows(true)
        }
        findViewById<View>(R.id.send).apply {
            // Below API 31 overlays cannot be hidden: the button drops touches that come through one.
            setFilterTouchesWhenObscured(true)
            if (Build.VERSION.SDK_INT >= 34) {
                setAccessibilityDataSensitive(View.ACCESSIBILITY_DATA_SENSITIVE_YES)
            }
        }
    }
}
