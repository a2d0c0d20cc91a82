import React from 'react';
import { Text } from 'react-native';
import RNScreenshotPrevent from 'react-native-screenshot-prevent';

// The capture protection call was removed from this screen; react-native-screenshot-prevent is
// only a dev dependency, so its call below is not the app's protection.
export default function StatementScreen() {
  RNScreenshotPrevent.enabled(true);
  return <Text>Call CaptureProtection.prevent() to protect statements.</Text>;
}
