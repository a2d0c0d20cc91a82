package com.harbor.bank.profile

import android.os.Bundle
import com.harbor.bank.ui.SecureActivity

class ProfileActivity : SecureActivity() {
    override fun onCreate(savedInstanceState: Bundle?) {
        super.onCreate(savedInstanceState)
        setContentView(R.layout.activity_profile)
    }
}
