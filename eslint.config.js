import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'task/**/*.js', 'node_modules/**', 'examples/**/.azure/**', '.bench/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        Buffer: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        URL: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/core/**/*.ts'],
    rules: {
      'no-console': 'error',
      'no-restricted-imports': [
        'error',
        {
          paths: ['@actions/core', 'azure-pipelines-task-lib', 'azure-pipelines-task-lib/task'],
          patterns: ['../hosts/*', '../main/*'],
        },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'exit', message: 'The engine never exits the process.' },
      ],
    },
  },
);
