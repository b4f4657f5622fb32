// A shop's delivery settings and quotes (issue 31, decision 035), and the carrier behind its agent
// points (decision 036). The orders module prices each part with the same contract rules
// (partDeliveryCents) from the settings its price read joins, and queues a carrier package when
// a part for an agent point ships.
export { carrierUnavailable, quoteAgent } from './agents';
export { registerDeliveryRoutes } from './routes';
export { settingsOf } from './store';
export { CarrierError, withCache, type CachedCarrier, type Carrier } from './carrier';
export { createPickupMtaani } from './pickup-mtaani';
export {
  packageState,
  queuePackage,
  sendDuePackages,
  sendPackage,
  sendPackageOfPart,
  type DeliverPart,
} from './packages';
