package com.harbor.cards

import com.harbor.cards.generated.SecureCardsBase

class CardsActivity : SecureCardsBase() {
    override fun onCreate(savedInstanceState: Bundle?) {
        super.onCreate(savedInstanceState)
        setContentView(R.layout.cards)
    }
}
