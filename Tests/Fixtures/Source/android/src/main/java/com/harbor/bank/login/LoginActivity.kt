package com.harbor.bank.login

import android.os.Bundle

/** The sign-in screen; the secure window comes from the generated base class. */
class LoginActivity : LoginBase() {
    override fun onCreate(savedInstanceState: Bundle?) {
        super.onCreate(savedInstanceState)
        setContentView(R.layout.activity_login)
    }
}
