export { DataTable, useServerPaging, type Column, type Paging } from './data-table';
export { ConfirmDialog } from './confirm-dialog';
export { FormDialog, FormField } from './form-dialog';
export { HouseBook } from './house-book';
export { MarketStatusTag, marketKindLabel } from './market-status';
export { Switch } from './switch';
export { SignedAmount } from './signed-amount';
export { Badge } from './badge';
export { IstWhen } from './ist-when';
