import { referralMessages } from './referral-messages';

/**
 * Every user-facing string of the specification, verbatim. Both apps and the tests import these;
 * never retype one elsewhere.
 */
export const messages = {
  referral: referralMessages,
  auth: {
    loginFailed: 'An error occurred during login',
    registrationFailed: 'An error occurred during registration',
    profileFailed: 'Failed to fetch user profile',
    loggedOut: 'Logged out successfully!',
    passwordRequired: 'Password is required',
    passwordTooShort: 'Password must be at least 8 characters',
    confirmRequired: 'Please confirm your password',
    passwordsMismatch: 'Passwords do not match',
    emailRequired: 'Email is required',
    emailInvalid: 'Invalid email address',
    invalidCredentials: 'Invalid email or password',
    emailTaken: 'An account with this email already exists',
    fullNameRequired: 'Full name is required',
    unauthorized: 'Please log in to continue',
    forbidden: 'You do not have permission to do that',
    accountDisabled: 'This account has been disabled',
  },
  forgotPassword: {
    button: 'Send reset instructions',
    sentTitle: 'Check your email',
    sentBody: "If an account exists with that email, we've sent password reset instructions.",
    failed: 'Failed to process request',
    unexpected: 'An unexpected error occurred',
  },
  resetPassword: {
    invalidTitle: 'Invalid Reset Link',
    invalidBody: 'This password reset link is invalid or has expired.',
    tokenMissing: 'Reset token is missing',
    failed: 'Failed to reset password',
    unexpected: 'An unexpected error occurred',
    successToast: 'Password reset successfully! Please log in with your new password.',
    successState: 'Password has been reset successfully. Please log in with your new password.',
    tokenInvalid: 'This password reset link is invalid or has expired.',
    done: 'Your password has been reset.',
  },
  pixel: {
    invalid: 'Please enter a valid Pixel ID (numbers only)',
    updated: 'Facebook Pixel ID updated successfully',
    failed: 'Failed to update Facebook Pixel ID',
  },
  settings: {
    keyRequired: 'Key is required',
    valueRequired: 'Value is required',
    empty: 'No settings found. Add your first setting to get started.',
    fetchFailed: 'Failed to fetch settings',
    updated: 'Setting updated',
    added: 'Setting added',
    updateFailed: 'Failed to update setting',
    addFailed: 'Failed to add setting',
    deleted: 'Setting deleted',
    deleteFailed: 'Failed to delete setting',
    confirmDelete: 'Are you sure you want to delete this setting?',
    keyTaken: 'A setting with this key already exists',
    notFound: 'Setting not found',
  },
  nav: {
    linkCopied: 'Referral link copied to clipboard!',
    copyFailed: 'Failed to copy link to clipboard',
    noCompensationLink: 'No compensation link available. Please contact an administrator.',
  },
  http: {
    notFound: 'Not found',
    tooManyRequests: 'Too many requests. Please wait a moment and try again.',
    validation: 'Please correct the highlighted fields',
    internal: 'Something went wrong on our side. Please try again.',
  },
  /** 404 messages that the client must not log (spec §8). */
  quiet404: ['No deals found', "You didn't refer any lead"],
} as const;
