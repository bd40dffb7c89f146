// Runs INSIDE the test's network namespace (ip netns exec ... node namespace-walk.mjs <description URL>): reads
// the device description, then walks the whole ContentDirectory tree with SOAP Browse (pages of 3, so paging
// is used), and fetches the first bytes of the media of the first item whose title holds the second argument.
// Prints one JSON object.
import { XMLParser } from 'fast-xml-parser';

const location = process.argv[2];
if (!location) throw new Error('usage: namespace-walk.mjs <description URL>');
const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  removeNSPrefix: true,
  parseTagValue: false,
});
const list = (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
const text = (value) =>
  typeof value === 'object' && value !== null ? String(value['#text'] ?? '') : String(value ?? '');
const CDS = 'urn:schemas-upnp-org:service:ContentDirectory:1';

const description = xml.parse(await (await fetch(location)).text());
const device = description.root.device;
const service = list(device.serviceList.service).find((entry) => entry.serviceType === CDS);
const control = new URL(service.controlURL, location).toString();

async function browsePage(objectId, start, count) {
  const body =
    '<?xml version="1.0"?><s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/" ' +
    's:encodingStyle="http://schemas.xmlsoap.org/soap/encoding/"><s:Body>' +
    `<u:Browse xmlns:u="${CDS}"><ObjectID>${objectId}</ObjectID><BrowseFlag>BrowseDirectChildren</BrowseFlag>` +
    `<Filter>*</Filter><StartingIndex>${start}</StartingIndex><RequestedCount>${count}</RequestedCount>` +
    '<SortCriteria></SortCriteria></u:Browse></s:Body></s:Envelope>';
  const response = await fetch(control, {
    method: 'POST',
    headers: { 'content-type': 'text/xml; charset="utf-8"', soapaction: `"${CDS}#Browse"` },
    body,
  });
  const answer = xml.parse(await response.text()).Envelope.Body.BrowseResponse;
  const didl = xml.parse(text(answer.Result))['DIDL-Lite'] ?? {};
  return { didl, returned: Number(text(answer.NumberReturned)), total: Number(text(answer.TotalMatches)) };
}

const containers = [];
const items = [];
let pages = 0;
async function walk(objectId) {
  for (let start = 0; ;) {
    const { didl, returned, total } = await browsePage(objectId, start, 3);
    pages += 1;
    for (const container of list(didl.container)) {
      containers.push({
        id: container.id,
        title: text(container.title),
        childCount: Number(container.childCount),
      });
      await walk(container.id);
    }
    for (const item of list(didl.item)) {
      items.push({ id: item.id, title: text(item.title), res: list(item.res).map(text) });
    }
    start += returned;
    if (returned === 0 || start >= total) break;
  }
}
await walk('0');

const media = items.find((item) => item.title.includes(process.argv[3] ?? ''))?.res[0];
let firstBytes = null;
if (media) {
  const response = await fetch(media, { headers: { range: 'bytes=0-7' } });
  firstBytes = { status: response.status, length: (await response.arrayBuffer()).byteLength };
}
process.stdout.write(
  `${JSON.stringify({
    friendlyName: device.friendlyName,
    udn: device.UDN,
    control,
    containers,
    items,
    pages,
    firstBytes,
  })}\n`,
);
