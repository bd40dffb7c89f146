// Runs INSIDE the test's network namespace: joins the SSDP group on the given interface address, then PUTs a
// body to the given URL (an option change that restarts the DLNA server), collects the NOTIFY messages seen
// in the next seconds, and prints them as JSON [{nts, nt, usn, location}].
import { createSocket } from 'node:dgram';

const [address, url, body, seconds = '3'] = process.argv.slice(2);
const socket = createSocket({ type: 'udp4', reuseAddr: true });
const seen = [];
socket.on('message', (data) => {
  const lines = data.toString().split('\r\n');
  if (!lines[0]?.startsWith('NOTIFY')) return;
  const header = (name) =>
    lines
      .find((line) => line.toLowerCase().startsWith(`${name}:`))
      ?.slice(name.length + 1)
      .trim() ?? null;
  seen.push({ nts: header('nts'), nt: header('nt'), usn: header('usn'), location: header('location') });
});
await new Promise((resolve) => socket.bind(1900, resolve));
socket.addMembership('239.255.255.250', address);
const response = await fetch(url, { method: 'PUT', headers: { 'content-type': 'application/json' }, body });
if (!response.ok) throw new Error(`PUT ${url}: ${response.status} ${await response.text()}`);
await new Promise((resolve) => setTimeout(resolve, Number(seconds) * 1000));
socket.close();
process.stdout.write(`${JSON.stringify(seen)}\n`);
