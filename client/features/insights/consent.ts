/**
 * Do-Not-Track and Global Privacy Control: a visitor who sends either gets
 * no insights at all, so the scripts stop before queuing anything.
 */
export function isTrackingAllowed(nav: Navigator = navigator): boolean {
  const signals = nav as Navigator & { globalPrivacyControl?: boolean; msDoNotTrack?: string };
  if (signals.globalPrivacyControl === true) return false;
  const doNotTrack = nav.doNotTrack ?? signals.msDoNotTrack;
  return doNotTrack !== '1' && doNotTrack !== 'yes';
}
