// KRA's eTIMS (issue 33, decision 046): the OSCU client, the device initialised before a shop
// turns eTIMS on, the sender of receipts and credit notes, and a receipt's `etims` part.
export { initialiseDevice, saveDevice, type DeviceKey } from './device';
export { createOscuClient, OscuUnreachable, type OscuClient } from './oscu';
export {
  receiptEtimsOf,
  receiptEtimsOfRaw,
  type EtimsColumns,
  type EtimsRawColumns,
} from './receipt-etims';
export { registerEtimsRoutes } from './routes';
export { oscuClientFor, startEtimsSender, type EtimsSender } from './service';
