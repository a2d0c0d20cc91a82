import 'package:flutter/material.dart';
import 'package:no_screenshot/no_screenshot.dart';

// The FLAG_SECURE call was removed from this screen; no_screenshot is only a dev dependency,
// so its call below is not the app's protection.
class StatementScreen extends StatelessWidget {
  const StatementScreen({super.key});

  @override
  Widget build(BuildContext context) {
    NoScreenshot.instance.screenshotOff();
    return const Text("Statement");
  }
}
