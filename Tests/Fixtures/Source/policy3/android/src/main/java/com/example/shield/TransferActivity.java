package com.example.shield;

import android.app.Activity;
import android.os.Bundle;
import android.view.View;

public class TransferActivity extends Activity {
    @Override
    protected void onCreate(Bundle savedInstanceState) {
        super.onCreate(savedInstanceState);
        setContentView(R.layout.transfer);
        View confirm = findViewById(R.id.confirm);
        confirm.setImportantForContentCapture(View.IMPORTANT_FOR_CONTENT_CAPTURE_NO_EXCLUDE_DESCENDANTS);
        confirm.setFilterTouchesWhenObscured(false);
    }
}
