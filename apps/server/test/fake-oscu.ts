// A local stand-in for KRA's eTIMS OSCU API (decision 046), answering in the shapes the community
// documentation of KRA's specification gives (github.com/paybillke/kra-etims-oscu-docs): JSON
// POSTs answered 200 with resultCd ("000" success), resultMsg, resultDt (YYYYMMDDhhmmss) and data;
// the device initialisation's data.info with its cmcKey; the headers tin, bhfId and cmcKey on
// every later call; and the documented result codes (900 no header, 901 not a valid device, 902
// device already installed, 910 request parameter error). A real HTTP server on loopback, so the
// adapter's fetch, headers, timeout and answer checks are what get tested.
//
// Where the documentation is silent, the fake does what decision 046 decided: a sale whose
// trdInvcNo the branch already holds is not a second sale: it is answered "000" with the first
// sale's data; a sale naming an item never saved with saveItem is refused 910.
//
//   const fake = await startFakeOscu();
//   fake.device({ tin: 'P051234567X', bhfId: '00', dvcSrlNo: 'KRACU0100000123' });
//   ETIMS_BASE_URL = fake.url
//   fake.refuseNext('910', 'Request parameter error'); // the next sale answers this code
//   fake.dropAfterAccept(1);   // the next sale is kept, then the connection drops unanswered
//   fake.fail(503, 2); fake.down(); fake.up();
//   fake.sales; fake.itemSaves
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type FakeOscuCall = { path: string; headers: IncomingHttpHeaders; body: unknown };

type DeviceKey = { tin: string; bhfId: string; dvcSrlNo: string };

export type FakeSale = {
  tin: string;
  bhfId: string;
  request: Record<string, unknown>;
  data: {
    curRcptNo: string;
    totRcptNo: string;
    intrlData: string;
    rcptSign: string;
    sdcDateTime: string;
  };
};

export type FakeDeviceInfo = {
  tin: string;
  bhfId: string;
  dvcId: string;
  sdcId: string;
  mrcNo: string;
  cmcKey: string;
};

export type FakeOscu = {
  url: string;
  calls: FakeOscuCall[];
  /** Sales kept, in order (a resent trdInvcNo adds none). */
  sales: FakeSale[];
  /** Every saveItem accepted, in order (itemCd and the body). */
  itemSaves: { itemCd: string; body: Record<string, unknown> }[];
  /** A device KRA knows (the serial it issued a branch): its initialisation succeeds once. */
  device(key: DeviceKey): void;
  /** The info an initialised device got (its cmcKey, sdcId, mrcNo). */
  installed(key: DeviceKey): FakeDeviceInfo | undefined;
  /** The next sale answers this resultCd and message (and keeps nothing). */
  refuseNext(resultCd: string, resultMsg: string): void;
  /** The next `times` sales are kept, then their connection is dropped without an answer. */
  dropAfterAccept(times: number): void;
  /** The next `times` calls answer HTTP `status` (then normal again). */
  fail(status: number, times: number): void;
  down(): void;
  up(): void;
  close(): Promise<void>;
};

/** The documented api-response-code texts the fake answers with. */
export const OSCU_MESSAGES: Readonly<Record<string, string>> = {
  '000': 'It is succeeded',
  '900': 'There is no Header information',
  '901': 'It is not valid device',
  '902': 'This device is installed',
  '910': 'Request parameter error',
};

const NAIROBI_OFFSET_MS = 3 * 3_600_000;
const nowText = () =>
  new Date(Date.now() + NAIROBI_OFFSET_MS).toISOString().replace(/[-:T]/g, '').slice(0, 14);
const letters = (length: number) =>
  Array.from(randomBytes(length), (byte) => 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'[byte % 32]).join('');

const ITEM_REQUIRED = [
  'itemCd',
  'itemClsCd',
  'itemTyCd',
  'itemNm',
  'orgnNatCd',
  'pkgUnitCd',
  'qtyUnitCd',
  'taxTyCd',
  'dftPrc',
  'isrcAplcbYn',
  'useYn',
  'regrId',
  'regrNm',
  'modrId',
  'modrNm',
];
const SALE_REQUIRED = [
  'trdInvcNo',
  'invcNo',
  'orgInvcNo',
  'rcptTyCd',
  'salesSttsCd',
  'cfmDt',
  'salesDt',
  'totItemCnt',
  'totTaxblAmt',
  'totTaxAmt',
  'totAmt',
  'prchrAcptcYn',
  'regrId',
  'regrNm',
  'modrId',
  'modrNm',
  'receipt',
  'itemList',
];
const LINE_REQUIRED = [
  'itemSeq',
  'itemCd',
  'itemNm',
  'pkgUnitCd',
  'pkg',
  'qtyUnitCd',
  'qty',
  'prc',
  'splyAmt',
  'dcRt',
  'dcAmt',
  'taxTyCd',
  'taxblAmt',
  'taxAmt',
  'totAmt',
];
const TYPES = ['A', 'B', 'C', 'D', 'E'] as const;
const cents = (value: unknown) => Math.round(Number(value) * 100);
const missing = (body: Record<string, unknown>, fields: string[]) =>
  fields.filter((field) => body[field] === undefined || body[field] === null || body[field] === '');

export async function startFakeOscu(): Promise<FakeOscu> {
  const calls: FakeOscuCall[] = [];
  const sales: FakeSale[] = [];
  const itemSaves: FakeOscu['itemSaves'] = [];
  const known = new Set<string>();
  const devices = new Map<string, FakeDeviceInfo>();
  const items = new Set<string>();
  const counters = new Map<string, number>();
  let refusal: { resultCd: string; resultMsg: string } | null = null;
  let drops = 0;
  let failures: { status: number; times: number } | null = null;
  let isDown = false;
  const sockets = new Set<Socket>();
  const keyOf = (key: DeviceKey) => `${key.tin}/${key.bhfId}/${key.dvcSrlNo}`;

  const server = createServer((request, response) => {
    if (isDown) {
      request.socket.destroy();
      return;
    }
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    request.on('end', () => {
      const path = new URL(request.url ?? '/', 'http://fake').pathname.replace(/^.*\//, '');
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        body = {};
      }
      calls.push({ path, headers: request.headers, body });
      const answer = (resultCd: string, data: unknown = null, resultMsg?: string) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({
            resultCd,
            resultMsg: resultMsg ?? OSCU_MESSAGES[resultCd] ?? 'There is an unknown error',
            resultDt: nowText(),
            data,
          }),
        );
      };
      if (failures && failures.times > 0) {
        failures.times -= 1;
        response.writeHead(failures.status, { 'content-type': 'text/html' });
        response.end('<html>Service unavailable</html>');
        return;
      }
      if (request.method !== 'POST') {
        answer('912', null, 'There is a request Method error');
        return;
      }
      if (path === 'selectInitOsdcInfo') {
        const key = {
          tin: String(body.tin ?? ''),
          bhfId: String(body.bhfId ?? ''),
          dvcSrlNo: String(body.dvcSrlNo ?? ''),
        };
        if (missing(body, ['tin', 'bhfId', 'dvcSrlNo']).length > 0) return answer('910');
        if (!known.has(keyOf(key))) return answer('901');
        if (devices.has(keyOf(key))) return answer('902');
        const info: FakeDeviceInfo = {
          tin: key.tin,
          bhfId: key.bhfId,
          dvcId: `99999${Math.floor(Math.random() * 1e11)}`,
          sdcId: `KRACU${String(devices.size + 1).padStart(9, '0')}`,
          mrcNo: `WIS${String(devices.size + 1).padStart(8, '0')}`,
          cmcKey: randomBytes(16).toString('hex'),
        };
        devices.set(keyOf(key), info);
        return answer('000', {
          info: {
            ...info,
            taxprNm: `Taxpayer ${key.tin}`,
            bsnsActv: 'business',
            bhfNm: 'Headquarter',
            bhfOpenDt: nowText().slice(0, 8),
            prvncNm: 'NAIROBI CITY',
            dstrtNm: 'WESTLANDS',
            sctrNm: 'WON',
            locDesc: null,
            hqYn: 'Y',
            mgrNm: 'manager',
            mgrTelNo: '0700000000',
            mgrEmail: 'manager@example.com',
          },
        });
      }
      // Every other call names its device in the headers.
      const { tin, bhfid, cmckey } = request.headers;
      if (typeof tin !== 'string' || typeof bhfid !== 'string' || typeof cmckey !== 'string') {
        return answer('900');
      }
      const device = [...devices.values()].find(
        (each) => each.tin === tin && each.bhfId === bhfid && each.cmcKey === cmckey,
      );
      if (!device) return answer('901');
      const branch = `${tin}/${bhfid}`;
      if (path === 'saveItem') {
        if (missing(body, ITEM_REQUIRED).length > 0) return answer('910');
        items.add(`${branch}/${String(body.itemCd)}`);
        itemSaves.push({ itemCd: String(body.itemCd), body });
        return answer('000');
      }
      if (path === 'saveTrnsSalesOsdc') {
        if (refusal) {
          const { resultCd, resultMsg } = refusal;
          refusal = null;
          return answer(resultCd, null, resultMsg);
        }
        const lines = Array.isArray(body.itemList)
          ? (body.itemList as Record<string, unknown>[])
          : [];
        if (
          missing(body, SALE_REQUIRED).length > 0 ||
          lines.length === 0 ||
          lines.length !== body.totItemCnt ||
          lines.some((line) => missing(line, LINE_REQUIRED).length > 0)
        ) {
          return answer('910');
        }
        if (lines.some((line) => !items.has(`${branch}/${String(line.itemCd)}`))) {
          return answer('910', null, 'Request parameter error: item is not registered');
        }
        // The totals per type are the lines' (taxable amounts VAT-inclusive, as documented).
        for (const type of TYPES) {
          const ofType = lines.filter((line) => line.taxTyCd === type);
          const taxable = ofType.reduce((sum, line) => sum + cents(line.taxblAmt), 0);
          const tax = ofType.reduce((sum, line) => sum + cents(line.taxAmt), 0);
          if (taxable !== cents(body[`taxblAmt${type}`]) || tax !== cents(body[`taxAmt${type}`])) {
            return answer('910', null, `Request parameter error: taxblAmt${type}/taxAmt${type}`);
          }
        }
        const again = sales.find(
          (sale) =>
            sale.tin === tin && sale.bhfId === bhfid && sale.request.trdInvcNo === body.trdInvcNo,
        );
        if (again) return answer('000', again.data);
        const next = (counters.get(branch) ?? 0) + 1;
        counters.set(branch, next);
        const sale: FakeSale = {
          tin,
          bhfId: bhfid,
          request: body,
          data: {
            curRcptNo: String(next),
            totRcptNo: String(next),
            intrlData: letters(26),
            rcptSign: letters(16),
            sdcDateTime: nowText(),
          },
        };
        sales.push(sale);
        if (drops > 0) {
          drops -= 1;
          request.socket.destroy();
          return;
        }
        return answer('000', sale.data);
      }
      answer('912', null, 'There is a request Method error');
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/etims-api/`,
    calls,
    sales,
    itemSaves,
    device: (key) => known.add(keyOf(key)),
    installed: (key) => devices.get(keyOf(key)),
    refuseNext: (resultCd, resultMsg) => {
      refusal = { resultCd, resultMsg };
    },
    dropAfterAccept: (times) => {
      drops = times;
    },
    fail: (status, times) => {
      failures = { status, times };
    },
    down: () => {
      isDown = true;
      for (const socket of sockets) socket.destroy();
    },
    up: () => {
      isDown = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
