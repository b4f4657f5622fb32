// The dashboards' figures (issue 15): the admin's for every shop, an owner's for their shop.
export { StatsSection } from './components/stats-section';
