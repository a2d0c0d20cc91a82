import 'package:flutter/material.dart';
import 'package:flutter_windowmanager/flutter_windowmanager.dart';

/* The card number is shown in full here, so the window is secure.
   /* A nested comment: FlutterWindowManager.clearFlags(FlutterWindowManager.FLAG_SECURE); */
   still a comment: FlutterWindowManager.clearFlags(FlutterWindowManager.FLAG_SECURE); */
class CardScreen extends StatefulWidget {
  const CardScreen({super.key});

  @override
  State<CardScreen> createState() => _CardScreenState();
}

class _CardScreenState extends State<CardScreen> {
  @override
  void initState() {
    super.initState();
    FlutterWindowManager.addFlags(FlutterWindowManager.FLAG_SECURE);
  }

  String get help => r'Raw: FlutterWindowManager.clearFlags(FlutterWindowManager.FLAG_SECURE) \';
  String get note => '''Triple: FlutterWindowManager.clearFlags(FlutterWindowManager.FLAG_SECURE)
  ''';
  String label(String last) => 'Card ${last.isEmpty ? "clearFlags(FLAG_SECURE)" : last} is secure';

  @override
  Widget build(BuildContext context) => Text(label('4242'));
}
