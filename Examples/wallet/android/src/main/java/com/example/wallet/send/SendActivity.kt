package com.example.wallet.send

import android.os.Bundle
import com.example.wallet.ui.SecureActivity

class SendActivity : SecureActivity() {
    override fun onCreate(savedInstanceState: Bundle?) {
        super.onCreate(savedInstanceState)
        setContentView(R.layout.activity_send)
    }
}
