package com.harbor.bank.statements

import androidx.compose.foundation.lazy.LazyColumn
import androidx.compose.foundation.lazy.items
import androidx.compose.material3.Text
import androidx.compose.runtime.Composable
import androidx.compose.ui.Modifier
import androidx.compose.ui.platform.sensitiveContent
import androidx.compose.ui.window.Dialog
import androidx.compose.ui.window.DialogProperties
import androidx.compose.ui.window.SecureFlagPolicy

@Composable
fun StatementsScreen(model: StatementsViewModel) {
    LazyColumn(modifier = Modifier.sensitiveContent()) {
        items(model.transactions) { transaction ->
            Text("${transaction.date}  ${transaction.amount}")
        }
    }
    if (model.showingDetails) {
        Dialog(
            onDismissRequest = model::closeDetails,
            properties = DialogProperties(securePolicy = SecureFlagPolicy.SecureOn),
        ) {
            TransactionDetails(model.selected)
        }
    }
}
