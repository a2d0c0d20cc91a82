package com.example.wallet.cards

import android.os.Bundle
import com.example.wallet.ui.SecureActivity

class CardsActivity : SecureActivity() {
    override fun onCreate(savedInstanceState: Bundle?) {
        super.onCreate(savedInstanceState)
        setContentView(R.layout.activity_cards)
        balance.text = "${wallet.balance} ${wallet.currency}"
        cardNumber.text = "•• ${card.lastFour}"
    }
}
