/** The device type analytics records (SPEC §7 POST /datalake/session/ device_type). */
export function deviceType(): 'desktop' | 'mobile' | 'tablet' {
  const agent = navigator.userAgent;
  if (/iPad|Tablet|PlayBook|Silk/i.test(agent) || (/Android/i.test(agent) && !/Mobile/i.test(agent))) return 'tablet';
  if (/Mobi|iPhone|iPod|Android/i.test(agent)) return 'mobile';
  return 'desktop';
}
