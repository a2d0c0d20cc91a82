import React from 'react';
import { Button } from 'react-native';
import { CaptureProtection } from 'react-native-capture-protection';

export default function SettingsScreen() {
  return <Button title="Allow screenshots" onPress={() => CaptureProtection.allow()} />;
}
