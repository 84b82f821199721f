import type { components as source } from '../zh-TW/components.ts';

export const components: typeof source = {
  query: {
    search: 'Search',
    reset: 'Reset',
    expand: 'More',
    collapse: 'Less',
    inputPlaceholder: 'Enter {{label}}',
    selectPlaceholder: 'Select {{label}}',
    // a number searched by its beginning, any case (the server's numberSearch)
    numberPlaceholder: 'Whole number or its beginning',
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
  dictCodeSelect: {
    placeholder: 'Choose a dictionary',
    loadFailed: 'The dictionaries could not be loaded',
  },
  // the popup picker on a report, and a report's page
  reportPicker: {
    configMissing: 'The popup is not configured correctly!',
    configMismatch: 'The popup is not configured correctly: the original and target field lists differ in count!',
    choose: 'Choose',
    orders: 'Choose orders',
    users: 'Choose users',
    parcels: 'Choose parcels',
  },
  onlineReport: {
    export: 'Export to Excel',
    showChart: 'Show chart',
    hideChart: 'Hide chart',
    chartEmpty: 'Nothing to chart',
    rangeFrom: '{{label}} from',
    rangeTo: '{{label}} to',
  },
  categorySelect: {
    placeholder: 'Select a category',
    noMatch: 'No category matches',
  },
  dict: {
    loading: 'Loading…',
  },
  // the online form renderer
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
    wrongType: 'Only .xlsx files can be imported',
    tooLarge: 'The file is {{size}}, over the limit of {{max}}',
    emptyFile: 'The file is empty',
    upload: 'Import',
    uploading: 'Uploading and checking…',
    again: 'Choose another',
    close: 'Close',
    remove: 'Remove file',
    row: 'Row',
    column: 'Column',
    message: 'Problem',
  },
  // an add or edit form in a drawer (components/editor-drawer.tsx)
  editorDrawer: { cancel: 'Cancel', save: 'Save', saved: 'Saved' },
  // checks: the Traditional/Simplified converter button
  scriptConvert: {
    fromTraditional: 'From Traditional',
    fromSimplified: 'From Simplified',
    toSimplified: 'To Simplified',
    toTraditional: 'To Traditional',
    hint: 'Fill this field with the server\'s Traditional/Simplified conversion',
    nothing: 'There is no text to convert',
    tooLong: 'The text is too long to convert (at most {{max}} characters)',
    failed: 'The conversion failed; please try again later',
  },
};
