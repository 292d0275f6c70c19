export { ItemCases } from './ItemCases.tsx';
export { NewCaseDialog } from './NewCaseDialog.tsx';
