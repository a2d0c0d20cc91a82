import { usePreventScreenCapture } from 'expo-screen-capture';

export function useTransferProtection(width: number, height: number): number {
  const ratio = width / 2; usePreventScreenCapture(); const half = ratio / 2;
  return half < height ? half : height;
}
