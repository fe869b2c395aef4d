// One linter for the whole repo: typescript-eslint's recommended rules, React hooks rules in the
// client. Formatting is Prettier's job, not ESLint's.
import js from '@eslint/js';
import i18next from 'eslint-plugin-i18next';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** The client folders whose components are translated (issue 39): every folder once all are. */
const TRANSLATED = [
  'client/src/app',
  'client/src/components',
  'client/src/features/public',
  'client/src/features/auth',
  'client/src/features/security',
  'client/src/features/dashboard',
  'client/src/features/admin',
];

/** What the literal-string rule checks: JSX text and the attributes people read or hear. */
const LITERAL_STRING_OPTIONS = {
  mode: 'jsx-only',
  'jsx-attributes': {
    include: [
      'label',
      'placeholder',
      'title',
      'alt',
      'aria-label',
      'aria-valuetext',
      'aria-roledescription',
      'helperText',
      'primary',
      'secondary',
      'subheader',
      'message',
      'heading',
      'description',
      'caption',
      'emptyText',
      'confirmLabel',
      'cancelLabel',
    ],
  },
  // textFieldProps takes a field's name and a catalogue's namespace, never words shown.
  callees: { exclude: ['t', 'i18n\\.t', 'msg', 'useTranslation', 'Error', 'textFieldProps'] },
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'client/src/generated/**',
      '.data/**',
      'bench/results/**',
      'client/dist-ssr/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-unsafe-function-type': 'off',
    },
  },
  {
    files: ['client/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Issue 39: no user-visible literal in a component: text goes through the catalogues
    // (t('…'), <Trans>, msg('…') for data). JSX text and the attributes people read or hear are
    // checked; scripts/catalogue.mjs then checks every key is in the English catalogue. A warning
    // in folders still being translated, an error in those done.
    files: ['client/src/**/*.tsx'],
    ignores: ['**/*.test.tsx', 'client/src/test/**'],
    plugins: { i18next },
    rules: { 'i18next/no-literal-string': ['warn', LITERAL_STRING_OPTIONS] },
  },
  {
    files: TRANSLATED.map((path) => (path.endsWith('.tsx') ? path : `${path}/**/*.tsx`)),
    ignores: ['**/*.test.tsx'],
    rules: { 'i18next/no-literal-string': ['error', LITERAL_STRING_OPTIONS] },
  },
  {
    files: ['**/*.mjs', '**/*.cjs'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        fetch: 'readonly',
        setTimeout: 'readonly',
        performance: 'readonly',
        URL: 'readonly',
        Buffer: 'readonly',
        require: 'readonly',
        module: 'writable',
        __dirname: 'readonly',
      },
    },
  },
);
