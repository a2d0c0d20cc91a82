package com.example.shield

import android.os.Bundle
import android.util.Log
import android.view.View
import androidx.appcompat.app.AppCompatActivity

// Names the content-capture constant without applying it: no evidence.
class StatementsActivity : AppCompatActivity() {
    private val wanted = View.IMPORTANT_FOR_CONTENT_CAPTURE_NO_EXCLUDE_DESCENDANTS

    override fun onCreate(savedInstanceState: Bundle?) {
        super.onCreate(savedInstanceState)
        Log.d("Statements", "content capture mode $wanted")
        setContentView(R.layout.statements)
    }
}
