// Search's public face. The router and the header load the two screens' files directly, each
// as its own lazy chunk (the header box must stay out of the shopper's first load); this entry
// is for other features.
export { SearchPage } from './components/search-page';
export { HeaderSearchBox, type HeaderSearchBoxProps } from './components/header-search-box';
export * from './search-params';
