import 'package:flutter/material.dart';
import 'package:secure_application/secure_application.dart';

void main() => runApp(const KestrelApp());

class KestrelApp extends StatelessWidget {
  const KestrelApp({super.key});

  @override
  Widget build(BuildContext context) {
    return MaterialApp(
      home: SecureApplication(
        child: Builder(builder: (context) {
          SecureApplicationProvider.of(context)!.secure();
          return const HomeScreen();
        }),
      ),
    );
  }
}
