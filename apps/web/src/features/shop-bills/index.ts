export { BillKindBadge, BillStatusBadge } from './components/bill-badges';
export { BillNotFound, BillPage } from './components/bill-page';
export { BillsScreen } from './components/bills-screen';
