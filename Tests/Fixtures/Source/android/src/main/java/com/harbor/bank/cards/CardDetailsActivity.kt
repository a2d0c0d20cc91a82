package com.harbor.bank.cards

import android.content.Intent
import android.os.Bundle
import android.view.WindowManager
import com.harbor.bank.ui.SecureActivity

class CardDetailsActivity : SecureActivity() {

    override fun onCreate(savedInstanceState: Bundle?) {
        super.onCreate(savedInstanceState)
        setContentView(R.layout.activity_card_details)
        shareButton.setOnClickListener { shareCardImage() }
    }

    /** Lets the person share a picture of the card with the system share sheet. */
    private fun shareCardImage() {
        window.clearFlags(WindowManager.LayoutParams.FLAG_SECURE)
        val intent = Intent(Intent.ACTION_SEND).setType("image/png")
        startActivity(Intent.createChooser(intent, "Share card"))
    }
}
