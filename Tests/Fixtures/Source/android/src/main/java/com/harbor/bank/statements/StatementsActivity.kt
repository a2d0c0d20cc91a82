package com.harbor.bank.statements

import android.os.Bundle
import androidx.activity.compose.setContent
import com.harbor.bank.ui.SecureActivity

class StatementsActivity : SecureActivity() {
    override fun onCreate(savedInstanceState: Bundle?) {
        super.onCreate(savedInstanceState)
        setContent { StatementsScreen(viewModel) }
    }
}
