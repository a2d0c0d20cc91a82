import React, { useEffect } from 'react';
import { Text, View } from 'react-native';
import { CaptureProtection } from 'react-native-capture-protection';

const digits = /\d{4}[/ ]CaptureProtection.allow()/g;

export function CardScreen({ last }: { last: string }) {
  useEffect(() => {
    CaptureProtection.prevent();
  }, []);
  const hint = `Never call ${'CaptureProtection.allow()'} here: ${last}`;
  return (
    <View accessibilityLabel="CaptureProtection.allow()">
      <Text>Don't worry: CaptureProtection.allow() is never called for {last}.</Text>
      <Text>{hint.match(digits) ? 'card' : "none"}</Text>
    </View>
  );
}
