package com.harbor.bank.accounts

import android.os.Bundle
import com.harbor.bank.databinding.ActivityAccountsBinding
import com.harbor.bank.ui.SecureActivity

class AccountsActivity : SecureActivity() {
    private lateinit var binding: ActivityAccountsBinding

    override fun onCreate(savedInstanceState: Bundle?) {
        super.onCreate(savedInstanceState)
        binding = ActivityAccountsBinding.inflate(layoutInflater)
        setContentView(binding.root)
        // Recents shows a blank card for this screen.
        setRecentsScreenshotEnabled(false)
        binding.balance.text = "${account.balance} ${account.currency}"
    }
}
