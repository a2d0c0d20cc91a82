package com.example.vault

import androidx.fragment.app.Fragment

class VaultFragment : Fragment(R.layout.vault_cards)
