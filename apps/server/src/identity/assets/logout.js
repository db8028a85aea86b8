/* global document */
// Submits the provider's sign-out form at once, so that signing out needs no extra click.
document.addEventListener('DOMContentLoaded', function () {
  var form = document.getElementById('op.logoutForm');
  if (form) form.submit();
});
