// KRA's eTIMS OSCU API over HTTP (issue 33, decision 046), in the shapes the community
// documentation of KRA's specification gives (github.com/paybillke/kra-etims-oscu-docs): every
// call is a JSON POST answered 200 with `resultCd` ("000" is success), `resultMsg`, `resultDt` and
// `data`. After the device's initialisation every call carries the headers `tin`, `bhfId` and
// `cmcKey`. What the client tells apart: an answer (KRA decided, whatever its resultCd) from no
// answer (unreachable, a timeout, a 5xx or something that is not KRA's JSON): the first is KRA's
// word and is kept, the second is tried again later.
import { z } from 'zod';

/** KRA's success code (api-response-code: "It is succeeded"). */
export const OSCU_OK = '000';

/** KRA did not answer, or not in its shape: nothing was decided, so the call may be made again. */
export class OscuUnreachable extends Error {}

const answerSchema = z.looseObject({
  resultCd: z.string(),
  resultMsg: z.string().nullish(),
  resultDt: z.string().nullish(),
  data: z.unknown().optional(),
});

export type OscuAnswer = { resultCd: string; resultMsg: string; resultDt: string; data: unknown };

/** The device's identity with KRA: the headers of every call after its initialisation. */
export type OscuDevice = { tin: string; bhfId: string; cmcKey: string };

/** What selectInitOsdcInfo answers in `data.info` (the parts Soko keeps). */
const initInfoSchema = z.looseObject({
  tin: z.string().nullish(),
  taxprNm: z.string().nullish(),
  bhfId: z.string().nullish(),
  bhfNm: z.string().nullish(),
  dvcId: z.string().nullish(),
  sdcId: z.string().nullish(),
  mrcNo: z.string().nullish(),
  cmcKey: z.string().min(1),
});
export type OscuInitInfo = z.infer<typeof initInfoSchema>;

/** What saveTrnsSalesOsdc answers in `data` (numbers may come as strings, as in KRA's example). */
const saleDataSchema = z.looseObject({
  curRcptNo: z.coerce.number().int(),
  totRcptNo: z.coerce.number().int(),
  intrlData: z.string(),
  rcptSign: z.string(),
  sdcDateTime: z.string(),
});
export type OscuSaleData = z.infer<typeof saleDataSchema>;

export type OscuClient = {
  selectInitOsdcInfo(request: {
    tin: string;
    bhfId: string;
    dvcSrlNo: string;
  }): Promise<{ answer: OscuAnswer; info: OscuInitInfo | null }>;
  saveItem(device: OscuDevice, item: Record<string, unknown>): Promise<OscuAnswer>;
  saveTrnsSalesOsdc(
    device: OscuDevice,
    sale: Record<string, unknown>,
  ): Promise<{ answer: OscuAnswer; sale: OscuSaleData | null }>;
};

export type OscuSettings = {
  /** Without a trailing slash: https://etims-api-sbx.kra.go.ke/etims-api */
  baseUrl: string;
  timeoutMs?: number;
  /** The fetch to use (tests wrap it); the global one otherwise. */
  fetch?: typeof fetch;
};

const DEFAULT_TIMEOUT_MS = 15_000;

export function createOscuClient(settings: OscuSettings): OscuClient {
  const timeoutMs = settings.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const send = settings.fetch ?? fetch;

  async function call(path: string, body: unknown, device: OscuDevice | null): Promise<OscuAnswer> {
    let response: Response;
    try {
      response = await send(`${settings.baseUrl}/${path}`, {
        method: 'POST',
        headers: {
          accept: 'application/json',
          'content-type': 'application/json',
          ...(device ? { tin: device.tin, bhfId: device.bhfId, cmcKey: device.cmcKey } : {}),
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new OscuUnreachable(`KRA's eTIMS could not be reached: ${(error as Error).message}`);
    }
    const text = await response.text().catch(() => '');
    if (!response.ok) {
      throw new OscuUnreachable(`KRA's eTIMS answered HTTP ${response.status}.`);
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new OscuUnreachable("KRA's eTIMS answered something other than JSON.");
    }
    const parsed = answerSchema.safeParse(json);
    if (!parsed.success) throw new OscuUnreachable("KRA's eTIMS answered an unexpected shape.");
    return {
      resultCd: parsed.data.resultCd,
      resultMsg: parsed.data.resultMsg ?? '',
      resultDt: parsed.data.resultDt ?? '',
      data: parsed.data.data ?? null,
    };
  }

  return {
    async selectInitOsdcInfo(request) {
      const answer = await call('selectInitOsdcInfo', request, null);
      if (answer.resultCd !== OSCU_OK) return { answer, info: null };
      const info = initInfoSchema.safeParse((answer.data as { info?: unknown } | null)?.info);
      if (!info.success) throw new OscuUnreachable('KRA accepted the device but sent no cmcKey.');
      return { answer, info: info.data };
    },
    saveItem: (device, item) => call('saveItem', item, device),
    async saveTrnsSalesOsdc(device, sale) {
      const answer = await call('saveTrnsSalesOsdc', sale, device);
      if (answer.resultCd !== OSCU_OK) return { answer, sale: null };
      const data = saleDataSchema.safeParse(answer.data);
      // Accepted but unreadable: tried again, and KRA answers the same sale (decision 046).
      if (!data.success)
        throw new OscuUnreachable('KRA accepted the sale but its data is unreadable.');
      return { answer, sale: data.data };
    },
  };
}
