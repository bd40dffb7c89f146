import { XMLParser } from 'fast-xml-parser';
import { create } from 'xmlbuilder2';

export const CONTENT_DIRECTORY_TYPE = 'urn:schemas-upnp-org:service:ContentDirectory:1';
export const CONNECTION_MANAGER_TYPE = 'urn:schemas-upnp-org:service:ConnectionManager:1';

export interface SoapCall {
  action: string;
  args: Record<string, string>;
}

/** A UPnP error answered as a SOAP fault (500) with `UPnPError` errorCode and errorDescription. */
export class UpnpError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'UpnpError';
  }
}

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: true,
  processEntities: true,
});

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The action and its arguments of a SOAP request body. The action is the Body's one child element; `SOAPACTION`
 * ("<service type>#<action>") must agree when sent. Anything else is UPnP error 401 (Invalid Action).
 */
export function parseSoapCall(body: string, soapAction: string | undefined): SoapCall {
  let document: unknown;
  try {
    document = parser.parse(body);
  } catch {
    throw new UpnpError(401, 'the request is not XML');
  }
  const envelope = isRecord(document) ? document.Envelope : undefined;
  const soapBody = isRecord(envelope) ? envelope.Body : undefined;
  if (!isRecord(soapBody)) throw new UpnpError(401, 'the request has no SOAP Body');
  const [action, ...others] = Object.keys(soapBody);
  if (action === undefined || others.length > 0)
    throw new UpnpError(401, 'the SOAP Body must hold one action');
  const headerAction = soapAction?.replace(/^"|"$/g, '').split('#')[1];
  if (headerAction !== undefined && headerAction !== action) {
    throw new UpnpError(401, `SOAPACTION names ${headerAction} but the body calls ${action}`);
  }
  const rawArgs = soapBody[action];
  const args: Record<string, string> = {};
  if (isRecord(rawArgs)) {
    for (const [name, value] of Object.entries(rawArgs)) {
      if (typeof value === 'string' || typeof value === 'number') args[name] = String(value);
      else if (value === null || value === undefined || (isRecord(value) && Object.keys(value).length === 0))
        args[name] = '';
    }
  }
  return { action, args };
}

function envelope(): ReturnType<typeof create> {
  return create({ version: '1.0', encoding: 'utf-8' });
}

/** `<u:<action>Response>` with the output arguments in order (values are escaped text). */
export function soapResponse(
  serviceType: string,
  action: string,
  outputs: readonly [string, string][],
): string {
  const response = envelope()
    .ele('s:Envelope', {
      'xmlns:s': 'http://schemas.xmlsoap.org/soap/envelope/',
      's:encodingStyle': 'http://schemas.xmlsoap.org/soap/encoding/',
    })
    .ele('s:Body')
    .ele(`u:${action}Response`, { 'xmlns:u': serviceType });
  for (const [name, value] of outputs) response.ele(name).txt(value);
  return response.end();
}

export function soapFault(error: UpnpError): string {
  return envelope()
    .ele('s:Envelope', {
      'xmlns:s': 'http://schemas.xmlsoap.org/soap/envelope/',
      's:encodingStyle': 'http://schemas.xmlsoap.org/soap/encoding/',
    })
    .ele('s:Body')
    .ele('s:Fault')
    .ele('faultcode')
    .txt('s:Client')
    .up()
    .ele('faultstring')
    .txt('UPnPError')
    .up()
    .ele('detail')
    .ele('UPnPError', { xmlns: 'urn:schemas-upnp-org:control-1-0' })
    .ele('errorCode')
    .txt(String(error.code))
    .up()
    .ele('errorDescription')
    .txt(error.message)
    .end();
}
