import type { components as source } from '../zh-TW/components.ts';

export const components: typeof source = {
  query: {
    search: 'Search',
    reset: 'Reset',
    expand: 'More',
    collapse: 'Less',
    inputPlaceholder: 'Enter {{label}}',
    selectPlaceholder: 'Select {{label}}',
    startDate: 'Start date',
    endDate: 'End date',
  },
  datePresets: { today: 'Today', yesterday: 'Yesterday', thisMonth: 'This month', lastMonth: 'Last month' },
  table: {
    total: '{{total}} in total',
    refresh: 'Refresh',
    columns: 'Columns',
    columnsTitle: 'Visible columns',
    columnsReset: 'Restore defaults',
    columnsAtLeastOne: 'Keep at least one column',
    export: 'Export',
    loadFailed: 'The data could not be loaded',
    retry: 'Retry',
    region: 'Results',
  },
  picker: {
    title: 'Select',
    selectOne: 'Please select a record',
    selected: '{{count}} selected',
    clear: 'Clear',
  },
  categorySelect: {
    placeholder: 'Select a category',
    noMatch: 'No category matches',
  },
  dict: {
    loading: 'Loading…',
  },
  // issue 16 (form-ui): the online form renderer
  onlineForm: {
    required: 'Enter {{label}}',
    tooLong: '{{label}} has at most {{max}} characters',
    atLeast: '{{label}} must be at least {{min}}',
    atMost: '{{label}} must be at most {{max}}',
    between: '{{label}} must be between {{min}} and {{max}}',
    popupPlaceholder: 'Use the search button to pick {{label}}',
    popupOpen: 'Pick {{label}}',
  },
  importDialog: {
    downloadTemplate: 'Download the template',
    stepFile: '2. Choose the filled-in Excel file (.xlsx)',
    chooseFile: 'Click or drag a file here',
    wrongType: 'Only Excel workbooks (.xlsx) can be imported',
    tooLarge: 'The file is too large (limit 5 MB)',
    upload: 'Import',
    again: 'Choose another',
    close: 'Close',
    row: 'Row',
    column: 'Column',
    message: 'Problem',
  },
};
