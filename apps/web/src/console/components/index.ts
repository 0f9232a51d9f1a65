export { DataTable, type Column, type Paging } from './data-table';
export { ConfirmDialog } from './confirm-dialog';
export { SignedAmount } from './signed-amount';
export { Badge } from './badge';
export { IstWhen } from './ist-when';
