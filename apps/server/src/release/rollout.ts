import { createHash } from 'node:crypto';

/**
 * The device's bucket 0..99 for one release: the first 4 bytes of SHA-256(device_id ":" release_id)
 * as an unsigned integer, mod 100. Stable (the same device always gets the same answer for a
 * release, so raising the percentage only adds devices) and independent between releases (the
 * first 30% of one rollout are not always the same guinea pigs).
 */
export function rolloutBucket(deviceId: string, releaseId: string): number {
  const digest = createHash('sha256').update(`${deviceId}:${releaseId}`, 'utf8').digest();
  return digest.readUInt32BE(0) % 100;
}

export function inRollout(deviceId: string, releaseId: string, rolloutPercent: number): boolean {
  return rolloutBucket(deviceId, releaseId) < rolloutPercent;
}
