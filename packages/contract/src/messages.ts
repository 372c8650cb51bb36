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
    loggedOutEverywhere: 'Logged out on every device.',
    passwordRequired: 'Password is required',
    passwordTooShort: 'Password must be at least 8 characters',
    passwordTooCommon: 'This password is too common and easy to guess. Please choose another.',
    confirmRequired: 'Please confirm your password',
    passwordsMismatch: 'Passwords do not match',
    emailRequired: 'Email is required',
    emailInvalid: 'Invalid email address',
    invalidCredentials: 'Invalid email or password',
    emailTaken: 'An account with this email already exists',
    fullNameRequired: 'Full name is required',
    unauthorized: 'Please log in to continue',
    forbidden: 'You do not have permission to do that',
    accountDisabled: 'Your account is disabled. Please contact an administrator.',
    registrationClosed: 'Sign-up is by invitation only. Please ask an administrator for an invitation.',
    signedOutInactive: 'You were signed out after 5 minutes without activity.',
    sessionEnded: 'Your session has ended. Please sign in again.',
  },
  account: {
    currentPasswordRequired: 'Current password is required',
    currentPasswordWrong: 'Current password is incorrect',
    samePassword: 'The new password must differ from the current one',
    passwordChanged: 'Password changed. Your other sessions have been signed out.',
    sessionRevoked: 'Session signed out',
    otherSessionsRevoked: 'Other sessions signed out',
    sessionNotFound: 'Session not found',
  },
  application: {
    underReviewTitle: 'Your application is under review',
    underReviewBody:
      'Thanks for signing up. An administrator will review your application; you will get an email once it is approved.',
    approved: 'Partner approved',
    rejected: 'Application rejected',
    notPending: 'This user has no application waiting',
  },
  adminUsers: {
    notFound: 'User not found',
    invited: 'Invitation sent',
    inviteResent: 'Invitation sent again',
    notInvited: 'This user has already set a password',
    updated: 'User updated',
    disabled: 'User disabled',
    enabled: 'User enabled',
    resetSent: 'Password reset email sent',
    sessionsRevoked: 'User signed out everywhere',
    twoFactorReset: 'Two-factor authentication reset. The user was signed out everywhere and told by email.',
    twoFactorResetSelf: 'You cannot reset your own two-factor authentication. Turn it off on your account page instead.',
    twoFactorNotOn: 'Two-factor authentication is not on for this user',
    reasonRequired: 'Reason is required',
    notYourself: 'You cannot do this to your own account',
    lastAdmin: 'The last admin cannot be demoted or disabled',
    compensationLinkInvalid: 'Enter a full web address starting with https://',
    noUsers: 'No users found',
    noPartnersYet: 'No partners yet. Invite your first partner.',
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
    firstPasswordTitle: 'Set your password',
    firstPasswordDone: 'Your password has been set. Please log in.',
    done: 'Your password has been reset.',
    firstPasswordSignedIn: 'Your password has been set. Welcome!',
    inviteUsedTitle: 'Invitation already used',
    inviteUsedBody:
      'This invitation has already been used to set a password. Sign in with that password, or reset it if you forgot it.',
    inviteExpiredTitle: 'Invitation expired',
    inviteExpiredBody: 'This invitation link has expired or was replaced by a newer one. We can send you a new invitation.',
    inviteRenewed: 'A new invitation is on its way. Open the link in the newest email.',
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
  /** The resources library (/tutorials, /admin/tutorials). */
  resources: {
    added: 'Resource added',
    updated: 'Resource updated',
    deleted: 'Resource deleted',
    addFailed: 'Failed to add resource',
    updateFailed: 'Failed to update resource',
    deleteFailed: 'Failed to delete resource',
    confirmDelete: 'Are you sure you want to delete this resource?',
    reordered: 'Order saved',
    reorderFailed: 'Failed to save the order',
    notFound: 'Resource not found',
    fileNotFound: 'This resource has no file',
    titleRequired: 'Title is required',
    titleLength: 'Title must be 3 to 120 characters',
    categoryRequired: 'Category is required',
    descriptionTooLong: 'Description must be at most 500 characters',
    urlRequired: 'URL is required',
    urlInvalid: 'Please enter a valid URL',
    linkScheme: 'Links must start with http://, https:// or mailto:',
    videoHost: 'Please enter a YouTube, Vimeo or Loom video URL',
    urlNotForFiles: 'PDFs and images are uploaded, not linked',
    fileRequired: 'Please choose a file to upload',
    fileNotForType: 'Only PDF and image resources take a file',
    pdfExpected: 'This file is not a PDF. Please upload a PDF document.',
    imageExpected: 'This file is not a supported image. Please upload a PNG, JPEG, GIF or WebP image.',
    pdfTooLarge: 'File is larger than 10 MB',
    imageTooLarge: 'File is larger than 5 MB',
    orderInvalid: 'The order must list every resource exactly once',
  },
  http: {
    notFound: 'Not found',
    tooManyRequests: 'Too many requests. Please wait a moment and try again.',
    validation: 'Please correct the highlighted fields',
    internal: 'Something went wrong on our side. Please try again.',
    unavailable: 'The service is briefly unavailable. Please try again in a moment.',
    invalidCharacter: 'Contains a character that is not allowed',
    /** A throttle that knows its wait says it: "Too many attempts. Try again in 14 minutes." */
    tooManyAttempts: (waitMs: number) => `Too many attempts. Try again in ${formatWait(waitMs)}.`,
  },
  /** 404 messages that the client must not log (spec §8). */
  quiet404: ['No deals found', "You didn't refer any lead"],
} as const;

/** A wait rounded up to whole seconds, minutes (from 1 minute) or hours (from 2 hours). */
export function formatWait(waitMs: number): string {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const [n, unit] =
    seconds < 60
      ? [seconds, 'second']
      : seconds < 2 * 3600
        ? [Math.ceil(seconds / 60), 'minute']
        : [Math.ceil(seconds / 3600), 'hour'];
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}
