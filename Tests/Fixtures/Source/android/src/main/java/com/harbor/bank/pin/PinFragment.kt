package com.harbor.bank.pin

import android.os.Bundle
import android.view.View
import android.view.WindowManager
import androidx.fragment.app.Fragment

class PinFragment : Fragment(R.layout.fragment_pin) {
    override fun onViewCreated(view: View, savedInstanceState: Bundle?) {
        super.onViewCreated(view, savedInstanceState)
        requireActivity().window.addFlags(WindowManager.LayoutParams.FLAG_SECURE)
    }
}
