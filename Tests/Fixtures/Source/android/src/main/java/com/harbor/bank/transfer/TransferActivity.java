package com.harbor.bank.transfer;

import android.os.Bundle;
import android.util.Log;
import androidx.appcompat.app.AppCompatActivity;

public class TransferActivity extends AppCompatActivity {
    private static final String TAG = "TransferActivity";

    @Override
    protected void onCreate(Bundle savedInstanceState) {
        super.onCreate(savedInstanceState);
        // getWindow().setFlags(WindowManager.LayoutParams.FLAG_SECURE, WindowManager.LayoutParams.FLAG_SECURE);
        /* TODO(HB-311): addFlags(FLAG_SECURE) once QA can take screenshots again */
        Log.d(TAG, "secure window disabled: setFlags(FLAG_SECURE, FLAG_SECURE) skipped");
        setContentView(R.layout.activity_transfer);
    }
}
